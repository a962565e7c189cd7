const escape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function productSvg(sku: { color: string; kind: string; name: string }, view: number): string {
  const color = /^#[0-9a-fA-F]{6}$/.test(sku.color) ? sku.color : '#888888';
  const title = `<title>${escape(sku.name)}</title>`;
  if (sku.kind === 'accessory') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" role="img">${title}<rect width="240" height="240" fill="#f4f6f8"/><circle cx="120" cy="120" r="${70 - view * 6}" fill="${color}"/><circle cx="120" cy="120" r="28" fill="#ffffff" opacity=".5"/></svg>`;
  }
  const back = view === 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" role="img">${title}<rect width="240" height="240" fill="#f4f6f8"/><rect x="70" y="20" width="100" height="200" rx="16" fill="${color}"/>${
    back
      ? `<rect x="82" y="32" width="34" height="50" rx="10" fill="#222" opacity=".85"/><circle cx="99" cy="46" r="7" fill="#555"/><circle cx="99" cy="68" r="7" fill="#555"/>`
      : `<rect x="77" y="28" width="86" height="184" rx="10" fill="#10161d"/><circle cx="120" cy="36" r="3" fill="#333"/>`
  }</svg>`;
}

export function avatarSvg(name: string): string {
  const palette: Record<string, [string, string]> = {
    'default-female': ['#f3d5e0', '#b0456f'],
    'default-male': ['#d5e4f3', '#3a6aa0'],
    camila: ['#fde8c8', '#c0662a'],
  };
  const [bg, fg] = palette[name] ?? ['#ddd', '#666'];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img"><title>Avatar</title><rect width="64" height="64" rx="32" fill="${bg}"/><circle cx="32" cy="25" r="11" fill="${fg}"/><path d="M12 54c3-11 12-16 20-16s17 5 20 16" fill="${fg}"/></svg>`;
}
