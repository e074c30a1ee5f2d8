// Writes the generated parts of docs/plugins.md from the plugin SDK's types
// (packages/plugin-sdk/index.d.ts): the hook list with each event's payload, the context hooks, jobs
// and routes receive, and the client api. Each part sits between
// <!-- plugin-docs:NAME --> and <!-- /plugin-docs:NAME --> markers; the rest of the page is written
// by hand and left alone.
//
//   node scripts/plugin-docs.mjs           rewrite the generated parts
//   node scripts/plugin-docs.mjs --check   exit 1 when the page is out of date (the plugins tests do this too)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** @typedef {ts.PropertySignature | ts.MethodSignature} Member */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const sdkPath = join(root, 'packages/plugin-sdk/index.d.ts');
export const docPath = join(root, 'docs/plugins.md');

/**
 * The generated parts of the page, by marker name, from the text of index.d.ts.
 * @param {string} dts
 * @returns {{ hooks: string, context: string, client: string }}
 */
export function renderSections(dts) {
  const source = ts.createSourceFile('index.d.ts', dts, ts.ScriptTarget.Latest, true);
  /** @type {Map<string, ts.InterfaceDeclaration>} */
  const interfaces = new Map();
  /** @type {Map<string, ts.TypeAliasDeclaration>} */
  const aliases = new Map();
  for (const s of source.statements) {
    if (ts.isInterfaceDeclaration(s)) interfaces.set(s.name.text, s);
    if (ts.isTypeAliasDeclaration(s)) aliases.set(s.name.text, s);
  }
  /** @type {<T>(map: Map<string, T>, name: string) => T} */
  const need = (map, name) => {
    const found = map.get(name);
    if (!found) throw new Error(`index.d.ts has no ${name}`);
    return found;
  };

  const docOf = (/** @type {ts.Node} */ node) =>
    ts
      .getJSDocCommentsAndTags(node)
      .map((d) => (typeof d.comment === 'string' ? d.comment : ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  const nameOf = (/** @type {ts.TypeElement} */ member) =>
    member.name ? member.name.getText(source).replace(/^'|'$/g, '') : '';
  /** @type {(node: ts.InterfaceDeclaration | ts.TypeLiteralNode) => Member[]} */
  const members = (node) =>
    node.members.filter(/** @returns {m is Member} */ (m) => ts.isPropertySignature(m) || ts.isMethodSignature(m));

  /** A type written out, the SDK's small data interfaces (PluginServer, …) inlined. */
  const inline = new Set(['PluginServer', 'PluginTicket']);
  /**
   * @param {ts.TypeNode | undefined} node
   * @returns {string}
   */
  function typeText(node) {
    if (!node) return 'unknown';
    if (ts.isTypeLiteralNode(node)) return objectText(members(node));
    if (ts.isTypeReferenceNode(node) && !node.typeArguments && inline.has(node.typeName.getText(source)))
      return objectText(members(need(interfaces, node.typeName.getText(source))));
    if (ts.isUnionTypeNode(node)) return node.types.map(typeText).join(' | ');
    if (ts.isArrayTypeNode(node)) {
      const inner = typeText(node.elementType);
      return ts.isUnionTypeNode(node.elementType) ? `(${inner})[]` : `${inner}[]`;
    }
    return node.getText(source).replace(/\s+/g, ' ');
  }
  /** @param {Member[]} list */
  function objectText(list) {
    return `{ ${list.map((m) => `${nameOf(m)}${m.questionToken ? '?' : ''}: ${typeText(m.type)}`).join('; ')} }`;
  }
  /** A member as one would call or read it: `get(key: string): Promise<T | undefined>`. */
  /** @param {Member} m */
  function signature(m) {
    if (ts.isMethodSignature(m)) {
      const generics = m.typeParameters ? `<${m.typeParameters.map((p) => p.getText(source)).join(', ')}>` : '';
      const params = m.parameters.map((p) => p.getText(source).replace(/\s+/g, ' ').replace(/,\s*$/, '')).join(', ');
      return `${nameOf(m)}${generics}(${params}): ${typeText(m.type)}`;
    }
    return `${nameOf(m)}${m.questionToken ? '?' : ''}: ${typeText(m.type)}`;
  }

  // In a table cell a | ends the cell even inside code, so it is escaped there; <x> in prose would be HTML.
  const code = (/** @type {string} */ text) => `\`${text.replace(/\|/g, '\\|')}\``;
  const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
  const lower = (/** @type {string} */ text) => text.charAt(0).toLowerCase() + text.slice(1);
  const table = (/** @type {string[]} */ head, /** @type {string[][]} */ rows) =>
    [
      `| ${head.join(' | ')} |`,
      `| ${head.map(() => '---').join(' | ')} |`,
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
  const memberTable = (/** @type {ts.InterfaceDeclaration} */ node, /** @type {string} */ label) =>
    table(
      [label, 'Description'],
      members(node).map((m) => [code(signature(m)), cell(docOf(m))]),
    );

  // Hooks: the event envelope, then one row per event with its payload.
  const event = need(interfaces, 'PluginEvent');
  const payloads = need(interfaces, 'PluginEventPayloads');
  const hooks = [
    `A hook is \`async (event, ctx) => {}\` under \`hooks['<event>']\`; \`event\` is a \`PluginEvent\`, ${lower(docOf(event)).replace(/\.$/, '')}. Its fields:`,
    '',
    memberTable(event, 'Field'),
    '',
    `The events, in the order of \`pluginEvents\`. ${docOf(payloads)}`,
    '',
    table(
      ['Event', '`event.data`', 'Notes'],
      members(payloads).map((m) => [code(nameOf(m)), code(typeText(m.type)), cell(docOf(m))]),
    ),
  ].join('\n');

  // Context: what hooks, jobs and routes receive, and where each part is available.
  const base = need(interfaces, 'PluginContext');
  const route = need(interfaces, 'PluginRouteContext');
  const job = need(aliases, 'PluginJobContext');
  const jobExtra = ts.isIntersectionTypeNode(job.type)
    ? job.type.types.filter(ts.isTypeLiteralNode).flatMap((t) => members(t))
    : [];
  const jobNames = new Set(jobExtra.map(nameOf));
  /** @type {(list: Member[], where: (m: Member) => string) => [Member, string][]} */
  const placed = (list, where) => list.map((m) => [m, where(m)]);
  const rows = [
    ...placed(members(base), () => 'hooks, jobs, routes'),
    ...placed(members(route), (m) => (jobNames.has(nameOf(m)) ? 'jobs, routes' : 'routes')),
    ...placed(
      jobExtra.filter((m) => !members(route).some((r) => nameOf(r) === nameOf(m))),
      () => 'jobs',
    ),
  ];
  const described = (/** @type {string} */ field, /** @type {string} */ name) => {
    const node = need(interfaces, name);
    const about = docOf(node);
    return [
      '',
      `**\`ctx.${field}\`** (\`${name}\`)${about ? `: ${cell(about)}` : ''}`,
      '',
      memberTable(node, 'Member'),
    ];
  };
  const fetchType = need(aliases, 'PluginFetch');
  const access = need(aliases, 'PluginAccess');
  const context = [
    `${docOf(base)} Hooks get \`PluginContext\`, jobs \`PluginJobContext\`, routes \`PluginRouteContext\`.`,
    '',
    table(
      ['`ctx.`', 'Type', 'In', 'Description'],
      rows.map(([m, where]) => [code(nameOf(m)), code(typeText(m.type)), where, cell(docOf(m))]),
    ),
    ...described('log', 'PluginLogger'),
    ...described('store', 'PluginStore'),
    '',
    `**\`ctx.fetch\`** (\`PluginFetch\`): ${cell(docOf(fetchType))}`,
    '',
    `\`\`\`ts\n${typeText(fetchType.type)}\n\`\`\``,
    ...described('request', 'PluginRequest'),
    ...described('coins', 'PluginCoins'),
    ...described('servers', 'PluginServers'),
    '',
    `**\`PluginServerUsage\`** (what \`ctx.servers.ofMember\` answers, one per server)`,
    '',
    memberTable(need(interfaces, 'PluginServerUsage'), 'Field'),
    '',
    `**Route access** (\`PluginAccess\`): ${cell(docOf(access))}`,
    '',
    `\`\`\`ts\n${typeText(access.type)}\n\`\`\``,
  ].join('\n');

  // Client: the api an install function receives, and the slots.
  const slots = need(aliases, 'PluginSlotName');
  const slotNames = ts.isUnionTypeNode(slots.type) ? slots.type.types.map((t) => t.getText(source)) : [];
  const client = [
    memberTable(need(interfaces, 'ClientPluginApi'), '`api.`'),
    '',
    `Slots (\`PluginSlotName\`): ${slotNames.map((s) => `\`${s.replace(/'/g, '')}\``).join(', ')}. ${cell(docOf(need(interfaces, 'PluginSlotProps')))}`,
    '',
    memberTable(need(interfaces, 'PluginSlotProps'), 'Prop'),
  ].join('\n');

  return { hooks, context, client };
}

/**
 * The page with its generated parts replaced; throws when a marker pair is missing.
 * @param {string} doc
 * @param {string} dts
 */
export function updateDoc(doc, dts) {
  let out = doc;
  for (const [name, body] of Object.entries(renderSections(dts))) {
    const start = `<!-- plugin-docs:${name} -->`;
    const end = `<!-- /plugin-docs:${name} -->`;
    const a = out.indexOf(start);
    const b = out.indexOf(end);
    if (a < 0 || b < a) throw new Error(`docs/plugins.md lacks the markers ${start} … ${end}`);
    out = `${out.slice(0, a + start.length)}\n<!-- generated by scripts/plugin-docs.mjs from packages/plugin-sdk/index.d.ts: edit those, then run it -->\n\n${body}\n\n${out.slice(b)}`;
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const doc = readFileSync(docPath, 'utf8');
  const next = updateDoc(doc, readFileSync(sdkPath, 'utf8'));
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/plugins.md is out of date: run node scripts/plugin-docs.mjs');
      process.exit(1);
    }
    console.log('docs/plugins.md is up to date');
  } else if (next !== doc) {
    writeFileSync(docPath, next);
    console.log('docs/plugins.md updated');
  } else {
    console.log('docs/plugins.md is up to date');
  }
}
