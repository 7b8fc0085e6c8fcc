// Mantine sheets of the components the requests screens use beyond the app's base set (app/styles.css).
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/dropzone/styles.css';
