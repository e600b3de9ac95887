import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import {
  MASCOT_HIDE_DELAY_MS,
  MASCOT_MESSAGES,
  MASCOT_ROTATE_MS,
  MASCOT_SHOW_DELAY_MS,
  nextMessageIndex,
} from '../../lib/mascot.ts';

/**
 * The mascot's timing: shows 300 ms after hover or focus begins, hides 500 ms after both end;
 * while visible, the message changes at random every 5 s. Client-only state: the server renders it
 * hidden, so nothing random reaches the HTML.
 */
export function useMascot() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [visible, setVisible] = useState(false);
  const [messageIndex, setMessageIndex] = useState<number | null>(null);
  const visibleRef = useRef(false);
  const active = hovered || focused;

  useEffect(() => {
    if (active) {
      if (visibleRef.current) return;
      const timer = setTimeout(() => {
        visibleRef.current = true;
        setMessageIndex((current) => nextMessageIndex(current === null ? null : current));
        setVisible(true);
      }, MASCOT_SHOW_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (!visibleRef.current) return;
    const timer = setTimeout(() => {
      visibleRef.current = false;
      setVisible(false);
    }, MASCOT_HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active]);

  useEffect(() => {
    if (!visible) return;
    const timer = setInterval(() => setMessageIndex((current) => nextMessageIndex(current)), MASCOT_ROTATE_MS);
    return () => clearInterval(timer);
  }, [visible]);

  const onFocus = useCallback(() => setFocused(true), []);
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setFocused(false);
  }, []);

  return {
    visible,
    message: messageIndex === null ? null : (MASCOT_MESSAGES[messageIndex] ?? null),
    handlers: {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus,
      onBlur,
    },
  };
}
