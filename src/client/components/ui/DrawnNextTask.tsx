import { useEffect, useState, type ReactNode } from 'react';

/**
 * Draws its children in a task after the one that mounted it. The first screen after a sign-in or a
 * reload (the layout, then the screen in it) would otherwise be drawn in one long task, during which
 * the page answers no input; in two, the browser paints and handles input between them.
 */
export function DrawnNextTask({ children }: { children: ReactNode }) {
  const [isDue, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true));
    return () => clearTimeout(timer);
  }, []);
  return isDue ? children : null;
}
