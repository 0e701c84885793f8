import type { JSX } from 'react';
import type { Product } from '@/lib/content';
import { BundleView } from './bundle-view';
import { PackView } from './pack-view';

/** A product's page, by its kind. */
export function ProductView({ product }: { product: Product }): JSX.Element {
  switch (product.kind) {
    case 'pack':
      return <PackView preset={product} />;
    case 'bundle':
      return <BundleView bundle={product} />;
  }
}
