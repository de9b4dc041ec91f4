import auth from '../../../../mfe-auth/remote.json';
import farm from '../../../../mfe-farm/remote.json';
import legal from '../../../../mfe-legal/remote.json';
import market from '../../../../mfe-market/remote.json';
import seed from '../../../public/remotes.json';

// The seed manifest copies what each remote declares in its remote.json (the deploy command
// registers the same file with every version), so the two must not drift apart.
test.each([auth, farm, legal, market])("the seed manifest carries $name's mounts and menu as its remote.json says", (remote) => {
  const seeded = seed.remotes.find((r) => r.name === remote.name);
  expect(seeded).toBeDefined();
  expect({ mounts: seeded?.mounts, menu: seeded?.menu }).toEqual({ mounts: remote.mounts, menu: remote.menu });
  // Its human name too, where its remote.json says one (mfe-legal's gets its words at the next merge).
  if ('title' in remote)
    expect({ title: seeded?.title, description: seeded?.description }).toEqual({ title: remote.title, description: remote.description });
});

test('the seed manifest lists no remote without a remote.json', () => {
  expect(seed.remotes.map((r) => r.name).sort()).toEqual(['auth', 'farm', 'legal', 'market']);
});
