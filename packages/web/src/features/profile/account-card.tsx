import type { User } from '@hanger/domain';
import { useState } from 'react';

function initials(name: string, email: string): string {
  const source = name.trim() || email.split('@')[0] || '?';
  return source
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** Who is signed in: photo (or initials when there is none or it fails), name and e-mail. */
export function AccountCard({ user }: { user: User }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const showPhoto = user.photoURL && !photoFailed;
  return (
    <section
      aria-label="Account"
      className="flex items-center gap-4 rounded-3xl border border-line bg-surface p-6"
    >
      {showPhoto ? (
        <img
          src={user.photoURL}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setPhotoFailed(true)}
          className="size-16 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-16 shrink-0 place-items-center rounded-full bg-accent-soft text-xl font-semibold text-accent-ink"
        >
          {initials(user.displayName, user.email)}
        </span>
      )}
      <div className="min-w-0">
        {/* The card's title, styled as one: a heading, so it is found as one too. */}
        <h2 className="truncate text-lg font-semibold tracking-tight">
          {user.displayName || 'Your account'}
        </h2>
        <p className="truncate text-sm text-fg-muted">{user.email}</p>
      </div>
    </section>
  );
}
