import { InfoPage } from '../../components/info-page.tsx';

export default function OurStoryPage() {
  return (
    <InfoPage
      title="Our Story"
      eyebrow="About us"
      mascot="trex"
      intro="It all started with a T-Rex who couldn't reach his waistband."
    >
      <div className="prose-dino">
        <p>
          In 2023, a sketch of a very proud T-Rex in a very small thong got passed around a studio lunch table. Everyone
          laughed, then everyone asked where they could buy one. Nobody could. So we made it.
        </p>
        <h2>Underwear with a sense of humour</h2>
        <p>
          DinoBooty designs sexy, silly underwear and lingerie for cartoon dinosaurs, and the humans who love them.
          Every pair is cut for a tail, sized from Compy to T-Rex, and designed to make someone smile, whether that's
          you, your partner or the stegosaurus in the mirror.
        </p>
        <h2>What we believe</h2>
        <ul>
          <li>
            <strong>Every body is a dino body.</strong> Long necks, big tails, tiny arms: our fits celebrate them all.
          </li>
          <li>
            <strong>Comfort is not extinct.</strong> Soft fabrics, stretchy tail panels and waistbands you can actually
            reach.
          </li>
          <li>
            <strong>Laughter is the best lingerie.</strong> If it doesn't make you grin, it doesn't make the collection.
          </li>
        </ul>
        <h2>The herd today</h2>
        <p>
          We're a small team of designers, fit engineers and pun enthusiasts. Want to know more? Read about our{' '}
          <a href="/dinosaur-models">dinosaur models</a>, our <a href="/sustainability">sustainability</a> work, or{' '}
          <a href="/careers">join us</a>.
        </p>
      </div>
    </InfoPage>
  );
}
