// Pictures for the gallery screenshot (scripts/screenshots.mjs): scenes a game community would
// share, drawn as SVG and rendered by sharp in several sizes and formats.
import sharp from 'sharp';

/** A generator of the same numbers on every run, so the screenshot only changes with the page. */
function seeded(seed) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const svg = (width, height, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const gradient = (id, stops, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

const scenes = [
  {
    name: 'sunset-over-spawn.png',
    width: 1920,
    height: 1080,
    body: (w, h) =>
      `<defs>${gradient('sky', ['#312e81', '#db2777', '#f97316', '#fde68a'])}</defs>
      <rect width="${w}" height="${h}" fill="url(#sky)"/>
      <circle cx="${w * 0.62}" cy="${h * 0.68}" r="${h * 0.16}" fill="#fef3c7" opacity="0.9"/>
      <path d="M0 ${h * 0.72} L${w * 0.2} ${h * 0.58} L${w * 0.38} ${h * 0.7} L${w * 0.55} ${h * 0.6} L${w * 0.8} ${h * 0.74} L${w} ${h * 0.62} L${w} ${h} L0 ${h}Z" fill="#4c1d95"/>
      <path d="M0 ${h * 0.84} L${w * 0.3} ${h * 0.76} L${w * 0.6} ${h * 0.86} L${w} ${h * 0.78} L${w} ${h} L0 ${h}Z" fill="#1e1b4b"/>`,
  },
  {
    name: 'ocean-monument.jpg',
    width: 1280,
    height: 720,
    body: (w, h) =>
      `<defs>${gradient('sea', ['#67e8f9', '#0891b2', '#164e63'])}</defs>
      <rect width="${w}" height="${h}" fill="url(#sea)"/>
      <path d="M${w * 0.3} ${h} L${w * 0.5} ${h * 0.35} L${w * 0.7} ${h}Z" fill="#0f766e"/>
      <path d="M${w * 0.42} ${h} L${w * 0.5} ${h * 0.55} L${w * 0.58} ${h}Z" fill="#5eead4" opacity="0.7"/>
      ${[0.15, 0.25, 0.35]
        .map(
          (y) =>
            `<path d="M0 ${h * y} Q${w * 0.25} ${h * (y - 0.05)} ${w * 0.5} ${h * y} T${w} ${h * y}" stroke="#ecfeff" stroke-width="6" fill="none" opacity="0.5"/>`,
        )
        .join('')}`,
  },
  {
    name: 'nether-portal.png',
    width: 800,
    height: 1200,
    body: (w, h) =>
      `<defs><radialGradient id="glow"><stop offset="0" stop-color="#f0abfc"/><stop offset="0.6" stop-color="#9333ea"/><stop offset="1" stop-color="#3b0764"/></radialGradient>${gradient('bg', ['#450a0a', '#7f1d1d', '#1c1917'])}</defs>
      <rect width="${w}" height="${h}" fill="url(#bg)"/>
      <rect x="${w * 0.2}" y="${h * 0.18}" width="${w * 0.6}" height="${h * 0.7}" fill="#1e1b4b" stroke="#0c0a09" stroke-width="60"/>
      <rect x="${w * 0.2 + 30}" y="${h * 0.18 + 30}" width="${w * 0.6 - 60}" height="${h * 0.7 - 60}" fill="url(#glow)"/>`,
  },
  {
    name: 'pixel-castle.png',
    width: 512,
    height: 512,
    body: (w, h) => {
      const rows = [
        '................',
        '................',
        '..#..#....#..#..',
        '..####....####..',
        '..####....####..',
        '..############..',
        '..############..',
        '..#####..#####..',
        '..####....####..',
        '..####....####..',
        '################',
      ];
      const cell = w / 16;
      const blocks = rows
        .flatMap((row, y) =>
          [...row].map((c, x) =>
            c === '#'
              ? `<rect x="${x * cell}" y="${(y + 4) * cell}" width="${cell}" height="${cell}" fill="${(x + y) % 3 ? '#94a3b8' : '#64748b'}"/>`
              : '',
          ),
        )
        .join('');
      return `<defs>${gradient('sky', ['#38bdf8', '#bae6fd'])}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>${blocks}
      <rect y="${h - cell * 1}" width="${w}" height="${cell}" fill="#16a34a"/>`;
    },
  },
  {
    name: 'night-sky.webp',
    width: 1600,
    height: 900,
    body: (w, h) => {
      const r = seeded(7);
      const stars = Array.from(
        { length: 160 },
        () =>
          `<circle cx="${r() * w}" cy="${r() * h * 0.75}" r="${1 + r() * 2.5}" fill="#f8fafc" opacity="${0.4 + r() * 0.6}"/>`,
      ).join('');
      return `<defs>${gradient('night', ['#020617', '#1e3a8a', '#312e81'])}</defs><rect width="${w}" height="${h}" fill="url(#night)"/>${stars}
      <circle cx="${w * 0.78}" cy="${h * 0.25}" r="70" fill="#fefce8"/><circle cx="${w * 0.78 + 28}" cy="${h * 0.25 - 18}" r="62" fill="#1e2a6b"/>
      <path d="M0 ${h * 0.85} Q${w * 0.5} ${h * 0.7} ${w} ${h * 0.88} L${w} ${h} L0 ${h}Z" fill="#020617"/>`;
    },
  },
  {
    name: 'team-badge.png',
    width: 1024,
    height: 1024,
    body: (w, h) =>
      `<defs>${gradient('badge', ['#22d3ee', '#6366f1', '#a855f7'], false)}</defs>
      <rect width="${w}" height="${h}" fill="#0f172a"/>
      <circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.4}" fill="url(#badge)"/>
      <polygon points="${[0, 1, 2, 3, 4, 5]
        .map(
          (i) => `${w / 2 + Math.cos((Math.PI / 3) * i) * w * 0.22},${h / 2 + Math.sin((Math.PI / 3) * i) * w * 0.22}`,
        )
        .join(' ')}" fill="#0f172a" opacity="0.85"/>
      <circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.08}" fill="#fbbf24"/>`,
  },
  {
    name: 'cherry-grove.jpg',
    width: 1200,
    height: 800,
    body: (w, h) => {
      const r = seeded(11);
      const blossoms = Array.from(
        { length: 90 },
        () =>
          `<circle cx="${w * 0.1 + r() * w * 0.8}" cy="${h * 0.15 + r() * h * 0.35}" r="${30 + r() * 50}" fill="${r() > 0.5 ? '#f9a8d4' : '#f472b6'}" opacity="0.85"/>`,
      ).join('');
      return `<defs>${gradient('sky', ['#fdf2f8', '#fbcfe8'])}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>
      <rect x="${w * 0.27}" y="${h * 0.4}" width="36" height="${h * 0.5}" fill="#78350f"/><rect x="${w * 0.68}" y="${h * 0.42}" width="30" height="${h * 0.5}" fill="#78350f"/>
      ${blossoms}<rect y="${h * 0.88}" width="${w}" height="${h * 0.12}" fill="#65a30d"/>`;
    },
  },
  {
    name: 'desert-temple.webp',
    width: 1400,
    height: 900,
    body: (w, h) =>
      `<defs>${gradient('sky', ['#fb923c', '#fcd34d', '#fef9c3'])}${gradient('sand', ['#d97706', '#92400e'])}</defs>
      <rect width="${w}" height="${h}" fill="url(#sky)"/>
      <polygon points="${w * 0.2},${h * 0.75} ${w * 0.42},${h * 0.3} ${w * 0.64},${h * 0.75}" fill="#b45309"/>
      <polygon points="${w * 0.42},${h * 0.3} ${w * 0.64},${h * 0.75} ${w * 0.5},${h * 0.75}" fill="#78350f" opacity="0.5"/>
      <polygon points="${w * 0.58},${h * 0.75} ${w * 0.72},${h * 0.48} ${w * 0.86},${h * 0.75}" fill="#c2410c"/>
      <rect y="${h * 0.75}" width="${w}" height="${h * 0.25}" fill="url(#sand)"/>`,
  },
  {
    name: 'aurora.jpg',
    width: 1920,
    height: 1200,
    body: (w, h) =>
      `<defs>${gradient('dark', ['#022c22', '#042f2e', '#0f172a'])}${gradient('band', ['#34d399', '#22d3ee', '#a78bfa'], false)}</defs>
      <rect width="${w}" height="${h}" fill="url(#dark)"/>
      ${[0.25, 0.35, 0.45]
        .map(
          (y, i) =>
            `<path d="M0 ${h * y} C${w * 0.3} ${h * (y - 0.2)} ${w * 0.6} ${h * (y + 0.2)} ${w} ${h * (y - 0.05)}" stroke="url(#band)" stroke-width="${90 - i * 20}" fill="none" opacity="${0.85 - i * 0.2}"/>`,
        )
        .join('')}
      <path d="M0 ${h * 0.8} L${w * 0.15} ${h * 0.7} L${w * 0.3} ${h * 0.8} L${w * 0.5} ${h * 0.66} L${w * 0.7} ${h * 0.8} L${w * 0.85} ${h * 0.72} L${w} ${h * 0.8} L${w} ${h} L0 ${h}Z" fill="#020617"/>`,
  },
  {
    name: 'world-map.png',
    width: 900,
    height: 900,
    body: (w, h) => {
      const r = seeded(3);
      const n = 18;
      const cell = w / n;
      const palette = ['#1d4ed8', '#2563eb', '#15803d', '#16a34a', '#22c55e', '#ca8a04', '#a3a3a3'];
      const tiles = Array.from({ length: n * n }, (_, i) => {
        const x = i % n;
        const y = Math.floor(i / n);
        const land = Math.hypot(x - n / 2, y - n / 2) < n * 0.38 + r() * 3;
        const colour = land ? palette[2 + Math.floor(r() * 5)] : palette[Math.floor(r() * 2)];
        return `<rect x="${x * cell}" y="${y * cell}" width="${cell}" height="${cell}" fill="${colour}"/>`;
      }).join('');
      return `${tiles}<circle cx="${w / 2}" cy="${h / 2}" r="14" fill="#ef4444" stroke="#fff" stroke-width="5"/>`;
    },
  },
];

/** The pictures as files for a file input: name, type and bytes. */
export async function pictures() {
  return Promise.all(
    scenes.map(async ({ name, width, height, body }) => {
      const format = name.split('.').pop() === 'jpg' ? 'jpeg' : name.split('.').pop();
      const buffer = await sharp(Buffer.from(svg(width, height, body(width, height))))
        .toFormat(format, { quality: 88 })
        .toBuffer();
      return { name, mimeType: `image/${format}`, buffer };
    }),
  );
}
