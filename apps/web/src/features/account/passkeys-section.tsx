/** Filled in by the H3 part of issue #14 (this stub renders nothing until then). */
export function PasskeysSection() {
  return null;
}
