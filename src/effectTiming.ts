/**
 * When effects run. The browser build renders with Preact through its React layer (docs/decisions/0033-preact-in-the-browser.md).
 * Preact runs effects after the next animation frame, with a 35 ms timer should no frame come; React runs them on
 * the next task. Frames and timers are what a hidden tab slows down and what a test's clock holds still, and an
 * effect is where a screen starts its machine and subscribes to the app's: held back, a screen would show and not
 * yet answer. So effects run on the next task here too, as the code was written for.
 */
import { options } from 'preact';

options.requestAnimationFrame = (runEffects) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    port1.close();
    runEffects();
  };
  port2.postMessage(undefined);
};
