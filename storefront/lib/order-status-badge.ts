/** Status badge colours: Processing yellow, Shipped green, Delivered blue, anything else grey. */
export function statusBadgeClass(status: string): string {
  switch (status.toLowerCase()) {
    case 'processing':
      return 'bg-sun-100 text-sun-600 ring-sun-300';
    case 'shipped':
      return 'bg-brand-100 text-brand-800 ring-brand-300';
    case 'delivered':
      return 'bg-sky-100 text-sky-800 ring-sky-300';
    default:
      return 'bg-ink-100 text-ink-700 ring-ink-300';
  }
}
