// The shared singletons a remote takes from its host and this host's own code does not import. A
// production remote bundles no copies of its own (../shared-runtime/README.md), and webpack's build
// offers a shared module only where the host's code imports it: these imports make this host offer
// them as the shell does. Each loads when the remote first asks for it.
const sharedForRemotes = [
  () => import('@shambasoko/shared/ui'),
  () => import('@shambasoko/shared/ui/tabs'),
  () => import('@shambasoko/shared/ui/photo-strip'),
  () => import('@shambasoko/shared/preferences'),
  () => import('@shambasoko/shared/offline'),
  () => import('firebase/app'),
  () => import('firebase/auth'),
  () => import('react-dom'),
  () => import('react/jsx-runtime'),
];

export default sharedForRemotes;
