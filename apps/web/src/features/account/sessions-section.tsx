/** Filled in by the H2 part of issue #14 (this stub renders nothing until then). */
export function SessionsSection() {
  return null;
}
