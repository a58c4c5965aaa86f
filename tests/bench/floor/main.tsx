// The floor page: the least any screen of the portal can cost, React + ReactDOM + Chakra's provider
// with one Button. `npm run bench` builds it like the portal and reports its JS as js.floor.gzip.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, ChakraProvider, defaultSystem } from '@chakra-ui/react';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={defaultSystem}>
      <Button>Floor</Button>
    </ChakraProvider>
  </StrictMode>,
);
