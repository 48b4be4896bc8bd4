import { pageAssetFiles, type SiteManifests } from './assets';

// Shaped like Vite's output for web/: index.html's entry chunk, a shared chunk with its own CSS, page chunks.
const client: SiteManifests['client'] = {
  'index.html': { file: 'assets/index-e.js', css: ['assets/index-e.css'], isEntry: true, imports: ['_vendor-v.js'] },
  '_vendor-v.js': { file: 'assets/vendor-v.js', css: ['assets/vendor-v.css'] },
  '_Card-c.js': { file: 'assets/Card-c.js', css: ['assets/Card-c.css'], imports: ['index.html', '_Icon-i.js'] },
  '_Icon-i.js': { file: 'assets/Icon-i.js', css: ['assets/Icon-i.css'], imports: ['index.html'] },
  'src/pages/HomePage.tsx': { file: 'assets/HomePage-h.js', css: ['assets/HomePage-h.css'], imports: ['index.html', '_Card-c.js', '_vendor-v.js'] },
};
const ssr: SiteManifests['ssr'] = {
  'src/main.tsx': [],
  'src/pages/HomePage.tsx': ['/assets/HomePage-h.js', '/assets/HomePage-h.css'],
  'src/ui/Card.tsx': ['/assets/Card-c.js', '/assets/Card-c.css'],
};

describe("a page's files from the build's manifests", () => {
  test('every CSS file of the page chunk and of the chunks it imports, imported ones first; nothing index.html loads', () => {
    expect(pageAssetFiles({ client, ssr }, ['src/pages/HomePage.tsx'])).toEqual({
      styles: ['assets/Icon-i.css', 'assets/Card-c.css', 'assets/HomePage-h.css'],
      scripts: ['assets/Icon-i.js', 'assets/Card-c.js', 'assets/HomePage-h.js'],
    });
  });

  test("a page the bundler moved into a shared chunk (no manifest entry of its own) keeps that chunk's styles", () => {
    // The game page merged into the chunk of a component it shares with a lazily loaded module.
    const moved: SiteManifests = {
      client: {
        'index.html': client['index.html'],
        '_vendor-v.js': client['_vendor-v.js'],
        '_Icon-i.js': client['_Icon-i.js'],
        'src/features/game/GameCanvas.tsx': { file: 'assets/GameCanvas-g.js', css: ['assets/GameCanvas-g.css'], imports: ['index.html', '_GamePage-m.js'] },
        '_GamePage-m.js': { file: 'assets/GamePage-m.js', css: ['assets/GamePage-m.css'], imports: ['index.html', '_Icon-i.js'] },
      },
      ssr: { 'src/pages/GamePage.tsx': ['/assets/GamePage-m.js', '/assets/GamePage-m.css'] },
    };
    expect(pageAssetFiles(moved, ['src/pages/GamePage.tsx'])).toEqual({
      styles: ['assets/Icon-i.css', 'assets/GamePage-m.css'],
      scripts: ['assets/Icon-i.js', 'assets/GamePage-m.js'],
    });
  });

  test('a page bundled into the entry chunk needs nothing more than index.html', () => {
    expect(pageAssetFiles({ client, ssr }, ['src/main.tsx'])).toEqual({ styles: [], scripts: [] });
  });

  test('several rendered modules share their chunks once', () => {
    const files = pageAssetFiles({ client, ssr }, ['src/ui/Card.tsx', 'src/pages/HomePage.tsx']);
    expect(files.styles).toEqual(['assets/Icon-i.css', 'assets/Card-c.css', 'assets/HomePage-h.css']);
    expect(new Set(files.scripts).size).toBe(files.scripts.length);
  });
});
