/**
 * "Includes VAT" beside a price, for a visitor whose place the shop taxes: the words come from
 * the layout's inline script before the first paint (lib/inline/price-tax.ts) through CSS
 * (app/globals.css, `.price-tax`), so the static page holds its place and nothing moves.
 * `separated`: after other words on its line, " · " before it.
 */
export function PriceTaxNote({
  separated = false,
  className = '',
}: {
  separated?: boolean;
  className?: string;
}) {
  return (
    <span
      className={`price-tax ${separated ? 'price-tax-separated' : ''} ${className}`}
      data-testid="price-tax"
    />
  );
}
