// Styles load with the page (a <link> in the HTML, no flash of unstyled content).
import './styles.css';
import './bootstrap';
