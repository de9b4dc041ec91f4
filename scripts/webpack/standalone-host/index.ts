// The async boundary lets module federation set up the shared singletons before the host's code runs.
import('./bootstrap');
