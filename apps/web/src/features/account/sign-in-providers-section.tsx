/** Filled in by the H4 part of issue #14 (this stub renders nothing until then). */
export function SignInProvidersSection() {
  return null;
}
