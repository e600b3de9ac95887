import type { Size } from '../../contracts/catalogue.ts';
import { SIZE_NAMES } from '../../contracts/sizes.ts';

/** Inches, Waist / Hip / Tail Girth per size. */
export const SIZE_CHART: ReadonlyArray<{ size: Size; waist: string; hip: string; tail: string }> = [
  { size: 'XS', waist: '20-22', hip: '28-30', tail: '6-8' },
  { size: 'S', waist: '24-26', hip: '32-34', tail: '8-10' },
  { size: 'M', waist: '28-30', hip: '36-38', tail: '10-12' },
  { size: 'L', waist: '32-36', hip: '40-44', tail: '12-16' },
  { size: 'XL', waist: '38-42', hip: '46-50', tail: '16-20' },
];

/** Fits a 320 px screen (sizes and headings wrap); it scrolls sideways only if text is enlarged. */
export function SizeChart({ caption }: { caption?: string }) {
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-ink-200 bg-white shadow-sm"
      tabIndex={0}
      role="region"
      aria-label="Size chart"
    >
      <table className="w-full text-left text-sm">
        {caption && <caption className="px-4 pt-4 text-left text-sm font-semibold text-ink-700">{caption}</caption>}
        <thead>
          <tr className="border-b border-ink-200 text-ink-900">
            <th scope="col" className="px-2 py-3 font-bold min-[360px]:px-3 sm:px-4">
              Size
            </th>
            <th scope="col" className="px-2 py-3 font-bold min-[360px]:px-3 sm:px-4">
              Waist (in)
            </th>
            <th scope="col" className="px-2 py-3 font-bold min-[360px]:px-3 sm:px-4">
              Hip (in)
            </th>
            <th scope="col" className="px-2 py-3 font-bold min-[360px]:px-3 sm:px-4">
              Tail Girth (in)
            </th>
          </tr>
        </thead>
        <tbody>
          {SIZE_CHART.map((row) => (
            <tr key={row.size} className="border-b border-ink-100 last:border-0 odd:bg-brand-50/50">
              <th scope="row" className="px-2 py-3 font-semibold text-ink-900 min-[360px]:px-3 sm:px-4">
                {row.size} <span className="whitespace-nowrap">({SIZE_NAMES[row.size]})</span>
              </th>
              <td className="whitespace-nowrap px-2 py-3 text-ink-700 min-[360px]:px-3 sm:px-4">{row.waist}</td>
              <td className="whitespace-nowrap px-2 py-3 text-ink-700 min-[360px]:px-3 sm:px-4">{row.hip}</td>
              <td className="whitespace-nowrap px-2 py-3 text-ink-700 min-[360px]:px-3 sm:px-4">{row.tail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
