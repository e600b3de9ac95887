import type { PageContext } from 'vike/types';
import { isProductNotFound } from '../../lib/abort-reasons.ts';

export default function title(pageContext: PageContext): string {
  if (isProductNotFound(pageContext.abortReason)) return 'Product Not Found - DinoBooty';
  if (pageContext.is404) return '404 Page Not Found - DinoBooty';
  return 'Something went wrong - DinoBooty';
}
