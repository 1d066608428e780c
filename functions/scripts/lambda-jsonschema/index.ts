/**
 * What `jsonschema` resolves to inside the Lambda bundles (esbuild `alias`, see bundling-options.ts).
 *
 * ElectroDB is its only user: `electrodb/src/validations.js` checks every entity model against
 * a JSON schema when the entity is constructed, and `getInstanceType` re-runs that check on each
 * entity a Service joins, to tell a plain model from an Entity instance. With the real library
 * this was the largest part of a cold start (≈ 190 ms of ≈ 420 ms of module initialisation for
 * customers, mostly URL resolution inside jsonschema) and 28 KB of bundle.
 *
 * The models are static code: unit and integration tests, the local runtime and the seed build
 * the very same entities with the real jsonschema (they run unbundled), so an invalid model never
 * reaches a bundle. Here a model is therefore accepted as is, and the one question answered at
 * run time — is this an ElectroDB instance (Entity/Service, tagged `_instance`) or a model — gets
 * the same answer the real schema gives. `lambda-jsonschema.test.ts` holds that contract.
 */

interface ValidationError {
  property: string;
  message: string;
  argument?: unknown;
}

export class Validator {
  declare customFormats: Record<string, (input: unknown) => boolean>;

  addSchema(): void {}

  validate(instance: unknown): { errors: ValidationError[]; valid: boolean } {
    const electroInstance = typeof instance === 'object' && instance !== null && '_instance' in instance;
    const errors = electroInstance
      ? [{ property: 'instance', message: 'is an ElectroDB instance, not a model' }]
      : [];
    return { errors, valid: errors.length === 0 };
  }
}

// ElectroDB registers its custom formats on the prototype (`Validator.prototype.customFormats.x = …`).
Validator.prototype.customFormats = {};

export default { Validator };
