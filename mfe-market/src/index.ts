// The async boundary lets module federation negotiate shared singletons before any app code runs.
import('./bootstrap');
