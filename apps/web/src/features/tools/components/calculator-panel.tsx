import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { valuesFor } from '@app/contracts/tools/tools.catalog';
import type { CalculatorTool, ToolField } from '@app/contracts/tools/tools.types';
import { PlainAlert } from '@/shared/ui/plain-alert';
import { helpIdOf, PlainFormItem } from '@/shared/ui/plain-form-item';
import { PlainInput, PlainNativeSelect, PlainTextArea } from '@/shared/ui/plain-input';
import { ToolResultView } from './tool-result';

/** Parameters of the page that are not the calculator's inputs (kept when inputs change). */
const RESERVED = new Set(['tab']);

const fieldId = (field: ToolField) => `tool-field-${field.name}`;

function FieldInput({
  field,
  value,
  invalid,
  onChange,
}: {
  field: ToolField;
  value: string;
  invalid: boolean;
  onChange: (v: string) => void;
}) {
  const common = { id: fieldId(field), invalid, 'aria-describedby': helpIdOf(fieldId(field)) };
  if (field.kind === 'select')
    return <PlainNativeSelect {...common} value={value} onChange={(e) => onChange(e.target.value)} options={field.options ?? []} />;
  if (field.kind === 'textarea')
    return <PlainTextArea {...common} value={value} rows={2} onChange={(e) => onChange(e.target.value)} placeholder={field.placeholder} />;
  return (
    <PlainInput
      {...common}
      value={value}
      inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
      placeholder={field.placeholder}
      suffix={field.kind === 'percent' ? '%' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * One calculator: inputs live in the URL (a shared link reproduces the result), every change recomputes in the
 * browser, field messages appear next to the fields, and a result is shown only for valid input.
 */
export function CalculatorPanel({ tool }: { tool: CalculatorTool }) {
  const [params, setParams] = useSearchParams();
  const given = useMemo(() => Object.fromEntries([...params].filter(([k]) => !RESERVED.has(k))), [params]);
  const values = useMemo(() => valuesFor(tool, given), [tool, given]);
  const visible = tool.fields.filter((f) => !f.showIf || f.showIf(values));
  const outcome = useMemo(() => tool.compute(values, new Date()), [tool, values]);
  const errors = outcome.ok ? {} : outcome.errors;
  const hiddenErrors = Object.keys(errors).filter((k) => !visible.some((f) => f.name === k));

  const set = (name: string, v: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(name, v);
        return next;
      },
      { replace: true },
    );

  const inputs = visible.map((f) => ({
    label: f.label,
    value: f.kind === 'select' ? (f.options?.find((o) => o.value === values[f.name])?.label ?? values[f.name] ?? '') : (values[f.name] ?? ''),
  }));

  return (
    <div className="calculator">
      <div className="calculator__form" role="group" aria-label={`${tool.name}输入`}>
        {visible.map((f) => (
          <PlainFormItem
            key={f.name}
            label={f.label}
            htmlFor={fieldId(f)}
            error={errors[f.name]}
            help={f.help}
            className={f.kind === 'textarea' ? 'calculator__wide' : undefined}
          >
            <FieldInput field={f} value={values[f.name] ?? ''} invalid={!!errors[f.name]} onChange={(v) => set(f.name, v)} />
          </PlainFormItem>
        ))}
      </div>
      {hiddenErrors.map((k) => (
        <PlainAlert key={k} type="error" className="calculator__invalid">
          {errors[k]}
        </PlainAlert>
      ))}
      {outcome.ok ? (
        <ToolResultView toolName={tool.name} result={outcome.result} inputs={inputs} />
      ) : (
        <PlainAlert className="calculator__invalid" type="warning">
          请按提示修正输入，修正后自动显示计算结果
        </PlainAlert>
      )}
    </div>
  );
}
