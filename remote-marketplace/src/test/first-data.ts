import { forgetFirstData } from '@hypertek/shared';

/**
 * The host's web server put these answers in the page (`<script id="first-data">`, keyed by API
 * path). Returns the function that takes them out again.
 */
export function cameWithThePage(answers: Record<string, unknown>): () => void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'first-data';
  script.textContent = JSON.stringify(answers);
  document.body.append(script);
  forgetFirstData();
  return () => {
    script.remove();
    forgetFirstData();
  };
}
