import { LegalLayout, LegalSection } from './legal-layout';

/** /terms: the rules of using this Hanger server. */
export default function TermsPage() {
  return (
    <LegalLayout
      title="Terms of service"
      intro={
        <p>
          These terms apply to your use of this Hanger server, run by its operator. By creating an
          account you agree to them. They are short on purpose.
        </p>
      }
    >
      <LegalSection title="Your account">
        <p>
          Keep your sign-in details to yourself; you are responsible for what happens under your
          account. Tell the operator if you think someone else has used it.
        </p>
      </LegalSection>

      <LegalSection title="Your content stays yours">
        <p>
          The photos and information you add remain yours. You allow the operator to store, process
          and show them to you only as needed to run the service, for example to make the small
          versions of your photos shown in grids.
        </p>
      </LegalSection>

      <LegalSection title="Fair use">
        <ul>
          <li>Upload only photos you took or have the right to use.</li>
          <li>Do not upload anything unlawful, or use the service to harm others.</li>
          <li>Do not try to access other people's data or overload the server.</li>
        </ul>
        <p>The operator may suspend an account that breaks these rules.</p>
      </LegalSection>

      <LegalSection title="Availability">
        <p>
          The service is provided as it is. The operator aims to keep it running and your data safe
          but cannot promise it will always be available or free of errors. Prices shown in other
          currencies are converted with reference rates and are estimates, not financial advice.
        </p>
      </LegalSection>

      <LegalSection title="Free software">
        <p>
          Hanger is free software, licensed under the GNU Affero General Public License, version 3
          or later. If the operator changed the software, you are entitled to its source code.
        </p>
      </LegalSection>

      <LegalSection title="Ending">
        <p>
          You can stop using the service at any time and ask the operator to delete your account. If
          the operator closes the service, they should give you reasonable notice and a chance to
          take your data with you.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
