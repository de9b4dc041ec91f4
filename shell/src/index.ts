// Styles load with the page (a <link> in the HTML, no flash of unstyled content).
import './styles.css';

// The async boundary lets module federation negotiate shared singletons before any app code runs.
import('./bootstrap');
