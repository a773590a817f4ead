import { LegalLayout, LegalSection } from './legal-layout';

/** /privacy: what this Hanger server keeps about you, and what it never does. */
export default function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy policy"
      intro={
        <p>
          Hanger is self-hosted: the person or organisation that runs this server (the operator)
          keeps your wardrobe, not a company behind the app. This page explains what is stored, why,
          and what you can do about it.
        </p>
      }
    >
      <LegalSection title="What is stored">
        <ul>
          <li>
            <strong>Your account:</strong> your name, e-mail address and, if you signed up with a
            password, a salted hash of it (never the password itself). If you sign in through
            another provider, the profile details it shares, such as your name and photo.
          </li>
          <li>
            <strong>Your wardrobe:</strong> the photos you upload and what you record about each
            piece (category, brand, source, prices, dates), your outfits, and the days on your
            calendar.
          </li>
          <li>
            <strong>Your settings:</strong> language, currency, week start, tracking start date,
            subcategories and your data consent choice.
          </li>
        </ul>
        <p>
          Photos are re-encoded when they arrive, which removes their metadata, including any
          location your camera recorded.
        </p>
      </LegalSection>

      <LegalSection title="Why it is stored">
        <p>
          Only to give you the service: to show your wardrobe on your devices, to compute your
          statistics such as cost per wear, and to keep you signed in. Nothing is sold, rented or
          shared with advertisers.
        </p>
      </LegalSection>

      <LegalSection title="Cookies and tracking">
        <p>
          Hanger sets one cookie, which keeps you signed in. It does not use analytics, advertising
          or social media trackers, and it loads no fonts or scripts from other sites. Your browser
          also keeps a copy of your wardrobe so the app opens quickly and works offline; signing out
          removes it.
        </p>
      </LegalSection>

      <LegalSection title="Data consent">
        <p>
          The data consent switch in your profile records whether you allow the operator to use your
          wardrobe data in anonymised, aggregated form, for example to understand how the service is
          used. Hanger itself sends your data nowhere; the choice is stored with your account so the
          operator can honour it. You can change it at any time.
        </p>
      </LegalSection>

      <LegalSection title="Where it is kept and who can see it">
        <p>
          Your data is stored on this server, or in the storage the operator chose for it. Other
          users of this server cannot see your wardrobe. The operator can technically access the
          stored data and is responsible for keeping it secure, for backups and for serving the app
          over an encrypted connection.
        </p>
      </LegalSection>

      <LegalSection title="Your choices">
        <ul>
          <li>
            You can edit or delete any item, outfit or calendar entry at any time; deleting removes
            its photos too.
          </li>
          <li>You can change your settings and data consent choice in your profile.</li>
          <li>
            To get a copy of your data or to have your account deleted entirely, contact the
            operator of this server.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Changes">
        <p>
          If this policy changes in a way that affects you, the operator will tell you before the
          change applies.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
