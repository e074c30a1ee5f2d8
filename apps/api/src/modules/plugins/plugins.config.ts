import type { PluginConfigField } from '@hostdeck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { decrypt, encrypt } from '../../lib/crypto.ts';

export interface StoredConfig {
  config: Record<string, unknown>;
  /** Sealed with the app key. */
  secrets: Record<string, string>;
}

/** One value checked against its field; a message when it does not fit. */
function check(field: PluginConfigField, value: unknown): string | null {
  switch (field.type) {
    case 'string':
    case 'text':
    case 'url':
    case 'secret': {
      if (typeof value !== 'string') return 'Must be text';
      if (value.length > field.maxLength) return `At most ${field.maxLength} characters`;
      if (field.pattern && value !== '' && !new RegExp(field.pattern, 'u').test(value))
        return field.patternMessage ?? 'Not in the form this setting expects';
      if (field.type === 'url' && value !== '') {
        try {
          if (!/^https?:$/.test(new URL(value).protocol)) return 'An http or https address';
        } catch {
          return 'An http or https address';
        }
      }
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Must be a number';
      if (field.integer && !Number.isInteger(value)) return 'Must be a whole number';
      if (field.min !== undefined && value < field.min) return `At least ${field.min}`;
      if (field.max !== undefined && value > field.max) return `At most ${field.max}`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Must be true or false';
    case 'select': {
      const allowed = new Set(field.options.map((o) => o.value));
      if (field.multiple) {
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !allowed.has(v)))
          return 'Choose among the options';
        return null;
      }
      return typeof value === 'string' && allowed.has(value) ? null : 'Choose one of the options';
    }
  }
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Staff's values checked against the plugin's fields and merged over what is stored: unknown keys
 * and wrong values are refused with a message per field (nothing is saved then); a secret left out
 * or null keeps its value, an empty string clears it.
 */
export function applyConfig(
  fields: PluginConfigField[],
  stored: StoredConfig,
  values: Record<string, unknown>,
  appKey: string,
): StoredConfig {
  const errors: Record<string, string> = {};
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(values)) if (!byKey.has(key)) errors[key] = 'Not a setting of this plugin';
  const config: Record<string, unknown> = {};
  const secrets: Record<string, string> = { ...stored.secrets };
  for (const field of fields) {
    const given = values[field.key];
    if (field.type === 'secret') {
      if (given === undefined || given === null) {
        if (field.required && !secrets[field.key]) errors[field.key] = 'Required';
        continue;
      }
      const problem = check(field, given);
      if (problem) errors[field.key] = problem;
      else if (given === '') {
        if (field.required) errors[field.key] = 'Required';
        delete secrets[field.key];
      } else secrets[field.key] = encrypt(given as string, appKey);
      continue;
    }
    const value = given === undefined ? stored.config[field.key] : given;
    if (isEmpty(value)) {
      if (field.required) errors[field.key] = 'Required';
      continue;
    }
    const problem = check(field, value);
    if (problem) errors[field.key] = problem;
    else config[field.key] = value;
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_ERROR', 'Some settings are not valid', errors);
  return { config, secrets };
}

/** A plain field's value: as stored, else the manifest's default, else null. */
function storedOrDefault(field: PluginConfigField, stored: StoredConfig): unknown {
  const value = stored.config[field.key];
  if (value !== undefined) return value;
  return 'default' in field && field.default !== undefined ? field.default : null;
}

/** What the plugin's code sees: defaults, then the saved values, then the secrets in clear. */
export function effectiveConfig(
  fields: PluginConfigField[],
  stored: StoredConfig,
  appKey: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'secret') {
      const sealed = stored.secrets[field.key];
      out[field.key] = sealed ? decrypt(sealed, appKey) : null;
      continue;
    }
    out[field.key] = storedOrDefault(field, stored);
  }
  return out;
}

/** What staff see: saved values and defaults, never a secret (only whether it is set). */
export function visibleConfig(fields: PluginConfigField[], stored: StoredConfig) {
  const values: Record<string, unknown> = {};
  const secretsSet: string[] = [];
  for (const field of fields) {
    if (field.type === 'secret') {
      if (stored.secrets[field.key]) secretsSet.push(field.key);
      continue;
    }
    values[field.key] = storedOrDefault(field, stored);
  }
  return { values, secrets_set: secretsSet };
}
