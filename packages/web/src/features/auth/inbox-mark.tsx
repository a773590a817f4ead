import { MailCheck } from 'lucide-react';

/** The envelope above a "Check your inbox" title. */
export function InboxMark() {
  return (
    <div className="mb-6 grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent-ink">
      <MailCheck aria-hidden="true" className="size-7" strokeWidth={1.75} />
    </div>
  );
}
