import { InfoPage } from '../../components/info-page.tsx';

export default function PrivacyPolicyPage() {
  return (
    <InfoPage title="Privacy Policy" eyebrow="Legal" mascot="stego" intro="Last updated: May 15, 2025">
      <div className="prose-dino">
        <p>
          DinoBooty ("we", "us") respects your privacy. This policy explains what information we collect when you visit
          our shop, how we use it and the choices you have.
        </p>
        <h2>Information we collect</h2>
        <ul>
          <li>
            <strong>Information you give us:</strong> your email address when you join our mailing list, and the details
            you enter in our contact and order forms.
          </li>
          <li>
            <strong>Shopping information:</strong> the items in your cart, kept with a session cookie so your cart
            survives a page reload.
          </li>
          <li>
            <strong>Technical information:</strong> basic request data such as your browser type, kept in server logs to
            keep the shop secure and working.
          </li>
        </ul>
        <h2>How we use it</h2>
        <ul>
          <li>To run the shop: keep your cart, answer your messages and show you the status of your order.</li>
          <li>To send our newsletter, only if you signed up. Every email has an unsubscribe link.</li>
          <li>To protect the shop against abuse and fraud.</li>
        </ul>
        <p>We never sell your personal information.</p>
        <h2>Cookies</h2>
        <p>We use only strictly necessary cookies, and no advertising or tracking cookies:</p>
        <ul>
          <li>a session cookie that keeps your cart;</li>
          <li>
            small ones the page reads: how many items your cart holds, whether a promo code is applied, and whether you
            placed an order in the last hour (to show its confirmation again);
          </li>
          <li>a random token that keeps a form sent twice from being applied twice;</li>
          <li>after a form sent without JavaScript, a one-minute note of its outcome for the page that follows.</li>
        </ul>
        <h2>Children</h2>
        <p>
          Our shop is not directed at children under 13, and we do not knowingly collect personal information from
          anyone under the age of 13. If you believe a child has given us personal information, please contact us and we
          will delete it.
        </p>
        <h2>Your choices</h2>
        <p>
          You can ask us to access, correct or delete your personal information at any time through our{' '}
          <a href="/contact">contact page</a>. We reply within 48 hours, Mon-Fri 9am-5pm EST.
        </p>
        <h2>Changes</h2>
        <p>If we change this policy, we will update the date at the top of this page.</p>
      </div>
    </InfoPage>
  );
}
