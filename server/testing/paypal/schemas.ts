import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { PAYPAL_CURRENCIES } from '@/lib/shared/money';

/**
 * PayPal's published OpenAPI specifications (paypal/paypal-rest-api-specifications, commit
 * ec4d8f3, minified) of the APIs the service calls, so that the fake PayPal refuses what PayPal
 * would refuse.
 */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'openapi');

export type SchemaIssue = { field: string; issue: string; description: string };

/** PayPal's name for a kind of schema violation (Orders v2's INVALID_REQUEST details). */
function issueName(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'MISSING_REQUIRED_PARAMETER';
    case 'maxLength':
    case 'minLength':
      return 'INVALID_STRING_LENGTH';
    case 'maxItems':
      return 'INVALID_ARRAY_MAX_ITEMS';
    case 'minItems':
      return 'INVALID_ARRAY_MIN_ITEMS';
    case 'pattern':
    case 'type':
      return 'INVALID_PARAMETER_SYNTAX';
    case 'format':
      return error.params.format === 'ppaas_common_currency_code_v2'
        ? 'INVALID_CURRENCY_CODE'
        : 'INVALID_PARAMETER_SYNTAX';
    default:
      return 'INVALID_PARAMETER_VALUE';
  }
}

function loadValidators() {
  // PayPal's patterns are written for regular expressions without the u flag.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  ajv.addFormat('ppaas_common_currency_code_v2', new RegExp(`^(${PAYPAL_CURRENCIES.join('|')})$`));
  // PayPal's own formats that the requests we make do not use: any string.
  for (const format of [
    'merchant_common_email_address_v2',
    'ppaas_common_email_address_v2',
    'ppaas_payer_id_v3',
    'ppaas_date_notime_v2',
    'ppaas_common_country_code_v2',
    'payer_v1',
    'ppaas_common_language_v3',
    'ppaas_ip_address_v1',
    'ppaas_date_time_v3',
    'ppaas_common_percentage_v2',
  ]) {
    ajv.addFormat(format, true);
  }
  const specs: Record<string, OpenApi> = {};
  for (const file of [
    'checkout_orders_v2',
    'notifications_webhooks_v1',
    'reporting_transactions_v1',
  ]) {
    specs[file] = JSON.parse(readFileSync(path.join(folder, `${file}.json`), 'utf8')) as OpenApi;
    ajv.addSchema(specs[file], file);
  }
  const schema = (ref: string) => ajv.getSchema(ref) as ValidateFunction;
  const reporting = specs.reporting_transactions_v1!;
  return {
    createOrder: schema('checkout_orders_v2#/components/schemas/order_request'),
    captureOrder: schema('checkout_orders_v2#/components/schemas/order_capture_request'),
    verifyWebhookSignature: schema(
      'notifications_webhooks_v1#/components/schemas/verify_webhook_signature',
    ),
    /** A webhook event as PayPal sends it, and an order as its resource. */
    webhookEvent: schema('notifications_webhooks_v1#/components/schemas/event'),
    order: schema('checkout_orders_v2#/components/schemas/order'),
    /** GET /v1/reporting/transactions: its query, and the answer the fake gives. */
    searchTransactions: new Ajv({
      strict: false,
      allErrors: true,
      unicodeRegExp: false,
      // A query's values are strings: numbers are read from them, as PayPal reads them.
      coerceTypes: true,
    }).compile(
      queryParameters(reporting, '/v1/reporting/transactions', 'reporting_transactions_v1'),
    ),
    searchResponse: schema('reporting_transactions_v1#/components/schemas/search_response'),
  };
}

type Parameter = {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  schema: Record<string, unknown>;
};
type OpenApi = {
  paths: Record<string, { get?: { parameters?: Parameter[] } }>;
  components: { parameters?: Record<string, Parameter> };
};

/**
 * A JSON schema for an operation's query, made from its published parameters: each a property of
 * its own schema (numbers coerced from the query string), the required ones required, no others.
 */
function queryParameters(spec: OpenApi, route: string, id: string) {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const each of spec.paths[route]?.get?.parameters ?? []) {
    const parameter = each.$ref ? spec.components.parameters![each.$ref.split('/').pop()!]! : each;
    if (parameter.in !== 'query') continue;
    properties[parameter.name] = parameter.schema;
    if (parameter.required) required.push(parameter.name);
  }
  return { $id: `${id}#query`, type: 'object', properties, required, additionalProperties: false };
}

let validators: ReturnType<typeof loadValidators> | null = null;

/**
 * Compiles PayPal's schemas now (once per process, seconds on a busy machine), so that the first
 * request a fake answers never waits for it past a client's time-out.
 */
export function compileSchemas() {
  validators ??= loadValidators();
}

/** The request body's violations of PayPal's schema for that request, as PayPal names them. */
export function schemaIssues(
  request: keyof ReturnType<typeof loadValidators>,
  body: unknown,
): SchemaIssue[] {
  validators ??= loadValidators();
  const validate = validators[request];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => ({
    field:
      error.keyword === 'required'
        ? `${error.instancePath}/${String(error.params.missingProperty)}`
        : error.instancePath || '/',
    issue: issueName(error),
    description: error.message ?? '',
  }));
}
