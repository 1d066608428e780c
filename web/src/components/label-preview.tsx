import { renderLabel } from '@freguesia/shared/domain/label-template';
import { useMemo } from 'react';
import { purifyLabelMarkup } from './label-markup';
import './label-preview.css';

/** The class of a label box: the PDF lays labels out with the same styles. */
export const LABEL_BOX_CLASS = 'label-preview';

/**
 * One label as it prints: a box of the layout's size in millimetres with the layout filled in
 * (values escaped by `renderLabel`) and purified. Nothing leaks out of the box: overflow is
 * clipped, like the PDF page clips it.
 */
export function LabelPreview({
  layout,
  width,
  height,
  values,
  testId,
}: {
  layout: string;
  width: number;
  height: number;
  values: Partial<Record<string, string>>;
  testId?: string;
}) {
  const html = useMemo(() => purifyLabelMarkup(renderLabel(layout, values)), [layout, values]);
  return (
    <div
      className={LABEL_BOX_CLASS}
      data-testid={testId}
      style={{ width: `${width}mm`, height: `${height}mm` }}
      // Purified above: only the label tags, attributes and safe styles remain.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
