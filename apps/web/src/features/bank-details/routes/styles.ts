// Mantine sheets of the components the bank-details screens use beyond the app's base set (app/styles.css).
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/dropzone/styles.css';
