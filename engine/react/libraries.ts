// The libraries every page starts with, evaluated in a task of their own before the portal's code
// (main.ts): two shorter tasks instead of one long one keep the page responsive while it starts.
export { createRoot, hydrateRoot } from 'react-dom/client';
export { ChakraProvider, createSystem } from '@chakra-ui/react';
export { createActor } from 'xstate';
export { QueryClient } from '@tanstack/react-query';
