/** Phones and tablets get the longer request time-out of docs/spec.md §9: their networks are slower. */
export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)) return true;
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}
