import { Footprints, Gift, Heart, Shirt, ShoppingBag, Watch, type LucideIcon } from 'lucide-react';

interface Tile {
  icon: LucideIcon;
  /** Background and ink: muted garment colours, like photos on a neutral wall. */
  tone: string;
  height: string;
  caption: string;
}

const COLUMNS: Tile[][] = [
  [
    {
      icon: Shirt,
      tone: 'bg-[#e9dfd3] text-[#7a5c43]',
      height: 'h-72',
      caption: 'Linen shirt · worn 14×',
    },
    {
      icon: Footprints,
      tone: 'bg-[#ece3d9] text-[#8a5a3b]',
      height: 'h-56',
      caption: '£1.90 per wear',
    },
    { icon: Watch, tone: 'bg-[#e7e1ea] text-[#66557a]', height: 'h-64', caption: 'Every day' },
  ],
  [
    { icon: ShoppingBag, tone: 'bg-[#dfe3da] text-[#55624a]', height: 'h-56', caption: 'Preloved' },
    {
      icon: Shirt,
      tone: 'bg-[#efe3dc] text-[#a4472a]',
      height: 'h-72',
      caption: 'Paired with 9 pieces',
    },
    { icon: Heart, tone: 'bg-[#dde4e6] text-[#4c6670]', height: 'h-56', caption: 'Wishlist' },
  ],
  [
    { icon: Gift, tone: 'bg-[#e6e0d6] text-[#6f6250]', height: 'h-60', caption: 'Gifted' },
    {
      icon: Shirt,
      tone: 'bg-[#dde3e8] text-[#4d6178]',
      height: 'h-72',
      caption: 'Last worn Tuesday',
    },
    { icon: Footprints, tone: 'bg-[#e4ded6] text-[#6b5a4a]', height: 'h-56', caption: 'Worn 31×' },
  ],
];

/** A quiet picture of a closet for the sign-in screens: soft tiles with the app's kind of facts. */
export function ClosetIllustration() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 grid grid-cols-3 gap-4 px-8 dark:brightness-[0.78] dark:saturate-[0.85]"
    >
      {COLUMNS.map((column, c) => (
        <div
          key={c}
          className={`flex flex-col gap-4 ${c === 1 ? '-mt-16' : c === 2 ? '-mt-6' : 'mt-8'}`}
        >
          {column.map(({ icon: Icon, tone, height, caption }, i) => (
            <div key={i} className={`relative shrink-0 rounded-3xl ${tone} ${height}`}>
              <Icon
                className="absolute top-1/2 left-1/2 size-14 -translate-x-1/2 -translate-y-1/2"
                strokeWidth={1.1}
              />
              <span className="absolute bottom-3 left-3 rounded-full bg-white/75 px-3 py-1 text-xs font-medium text-[#44403c]">
                {caption}
              </span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** Phones: three tiles above the welcome, so the first screen is not just a form. */
export function ClosetStrip() {
  const tiles = [COLUMNS[0]![0]!, COLUMNS[1]![1]!, COLUMNS[2]![0]!];
  return (
    <div
      aria-hidden="true"
      className="mb-8 grid grid-cols-3 gap-2 lg:hidden dark:brightness-[0.78] dark:saturate-[0.85]"
    >
      {tiles.map(({ icon: Icon, tone }, i) => (
        <div
          key={i}
          className={`grid aspect-[3/4] place-items-center rounded-2xl ${tone} ${i === 1 ? '-mt-4' : 'mt-2'}`}
        >
          <Icon className="size-10" strokeWidth={1.1} />
        </div>
      ))}
    </div>
  );
}
