import { applyChanges, parseChange } from './lantern-changes.mjs';

describe('lantern-what-if: the changes', () => {
  it('reads each kind of change, and says what is wrong with a change it cannot read', () => {
    expect(parseChange('renderer.:priority=High')).toEqual({ part: 'renderer.', kind: 'priority', value: 'High' });
    expect(parseChange('.js:scale=0.9')).toEqual({ part: '.js', kind: 'scale', value: 0.9 });
    expect(parseChange('http://localhost:3000/app.js:bytes=1200')).toEqual({
      part: 'http://localhost:3000/app.js',
      kind: 'bytes',
      value: 1200,
    });
    expect(parseChange('manifest:drop')).toEqual({ part: 'manifest', kind: 'drop' });
    for (const wrong of ['manifest', ':drop', 'app.js:scale=-1', 'app.js:priority=Urgent', 'app.js:shrink', 'app.js:drop=1'])
      expect(parseChange(wrong)).toBeInstanceOf(Error);
  });

  it('changes every request whose URL holds the part, and counts them', () => {
    const requests = [
      { url: 'http://localhost:3000/main.1.js', transferSize: 1000, priority: 'High', fromDiskCache: false },
      { url: 'http://localhost:3000/renderer.2.js', transferSize: 4000, priority: 'Low', fromDiskCache: false },
      { url: 'http://localhost:3000/manifest.webmanifest', transferSize: 900, priority: 'Medium', fromDiskCache: false },
    ];
    const counts = applyChanges(requests, [
      { part: '.js', kind: 'scale', value: 0.5 },
      { part: 'renderer', kind: 'priority', value: 'High' },
      { part: 'manifest', kind: 'drop' },
      { part: 'nothing', kind: 'bytes', value: 1 },
    ]);
    expect(counts).toEqual([2, 1, 1, 0]);
    expect(requests).toEqual([
      { url: 'http://localhost:3000/main.1.js', transferSize: 500, priority: 'High', fromDiskCache: false },
      { url: 'http://localhost:3000/renderer.2.js', transferSize: 2000, priority: 'High', fromDiskCache: false },
      { url: 'http://localhost:3000/manifest.webmanifest', transferSize: 0, priority: 'Medium', fromDiskCache: true },
    ]);
  });
});
