import type { GraphTheme } from './graph-theme';

/** How to read the picture: three keys, drawn with the canvas's own colours. */
export function GraphLegend({ theme }: { theme: GraphTheme }) {
  return (
    <ul
      aria-label="Legend"
      className="flex flex-wrap items-center gap-x-6 gap-y-2 text-xs text-fg-muted"
    >
      <li className="flex items-center gap-2">
        <span className="flex items-center gap-1" aria-hidden="true">
          <span className="h-px w-4 rounded-full" style={{ backgroundColor: theme.label }} />
          <span className="h-1 w-5 rounded-full" style={{ backgroundColor: theme.label }} />
        </span>
        <span>Thicker line: worn together more often</span>
      </li>
      <li className="flex items-center gap-2">
        <span className="flex items-center gap-1" aria-hidden="true">
          <span className="size-2 rounded-full border border-fg-subtle" />
          <span className="size-3.5 rounded-full border border-fg-subtle" />
        </span>
        <span>Larger photo: paired more</span>
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden="true">
          <span
            className="block size-3.5 rounded-full border-[3px] bg-surface-3"
            style={{ borderColor: theme.categories.top }}
          />
        </span>
        <span>Ring colour: category</span>
      </li>
    </ul>
  );
}
