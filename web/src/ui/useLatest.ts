import { useEffect, useRef, type RefObject } from 'react';

/** A ref to the latest value, for callbacks that must not restart effects when their identity changes. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
