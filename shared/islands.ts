/**
 * The attribute that marks an element a React island hydrates: the page's component puts it
 * there (app/lib/islands.tsx) and the island's script looks for it (app/islands/lib/react-island.tsx).
 */
export const REACT_ISLAND_ATTRIBUTE = "data-react-island";
