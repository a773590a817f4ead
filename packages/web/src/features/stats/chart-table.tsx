import { ChevronDown } from 'lucide-react';
import { useState } from 'react';

export interface ChartTableRow {
  key: string;
  cells: readonly string[];
}

/**
 * A chart's numbers as a table, behind a disclosure so the chart stays the first thing seen:
 * screen-reader and keyboard users get the same figures as the bars.
 */
export function ChartTable({
  summary,
  caption,
  headers,
  rows,
}: {
  summary: string;
  caption: string;
  headers: readonly string[];
  rows: readonly ChartTableRow[];
}) {
  // The rows are built when the table is first opened: until then a range switch does not pay
  // for a table nobody has asked to see.
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="group rounded-xl border border-line"
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="flex h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 text-sm font-medium text-fg-muted hover:text-fg [&::-webkit-details-marker]:hidden">
        {summary}
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform group-open:rotate-180"
        />
      </summary>
      {opened && (
        <div className="max-h-80 overflow-auto border-t border-line px-4 pb-2">
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="text-left text-xs text-fg-subtle">
                {headers.map((h, i) => (
                  <th
                    key={h}
                    scope="col"
                    className={`py-2 font-medium ${i > 0 ? 'text-right' : ''}`}
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-2 text-left font-normal text-fg">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="py-2 text-right text-fg-muted">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
