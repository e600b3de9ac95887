import { InfoPage } from '../../components/info-page.tsx';
import { SizeChart } from '../../components/size-chart.tsx';
import { btn } from '../../components/ui.ts';

export default function SizeGuidePage() {
  return (
    <InfoPage
      title="Size Guide"
      eyebrow="Find your perfect fit"
      mascot="stego"
      intro="From a dainty Compy to a full-grown T-Rex: measure once, wag forever."
    >
      <h2 className="font-display text-2xl font-black text-ink-900">Size chart</h2>
      <p className="mt-2 text-ink-700">All measurements are in inches.</p>
      <div className="mt-6">
        <SizeChart caption="Waist, hip and tail girth by size" />
      </div>

      <div className="prose-dino">
        <h2>How to measure</h2>
        <ol>
          <li>
            <strong>Waist:</strong> measure around the narrowest part of your middle, above the hips.
          </li>
          <li>
            <strong>Hip:</strong> measure around the fullest part of your hips, feet together.
          </li>
          <li>
            <strong>Tail girth:</strong> measure around your tail at its widest point, just below the hips.
          </li>
        </ol>
        <h2>Between sizes?</h2>
        <p>
          Go up one size, especially if your tail girth sits at the top of its range. Every item can be exchanged for
          another size within 30 days if it is unworn with its tags attached.
        </p>
      </div>
      <a href="/contact" className={`${btn.primary} mt-8`}>
        Ask a fit expert
      </a>
    </InfoPage>
  );
}
