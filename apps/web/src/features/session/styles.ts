// Mantine sheets of the components the gates use beyond app/styles.css, loaded with them.
import '@mantine/core/styles/SimpleGrid.css';
