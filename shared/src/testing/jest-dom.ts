/** DOM matchers (toHaveTextContent, toBeInTheDocument, …) for the package's own tests. */
import '@testing-library/jest-dom';
