/** DOM matchers (toBeInTheDocument, toHaveAttribute …) for every test. */
import '@testing-library/jest-dom';
