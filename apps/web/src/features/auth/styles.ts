// Mantine sheets of the components the login group uses beyond app/styles.css, loaded with its screens.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Card.css';
