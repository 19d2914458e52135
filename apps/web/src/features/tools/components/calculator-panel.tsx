import { Alert, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { valuesFor } from '@app/contracts/tools/tools.catalog';
import type { CalculatorTool, ToolField } from '@app/contracts/tools/tools.types';
import { ToolResultView } from './tool-result';

/** Parameters of the page that are not the calculator's inputs (kept when inputs change). */
const RESERVED = new Set(['tab']);

function FieldInput({ field, value, onChange }: { field: ToolField; value: string; onChange: (v: string) => void }) {
  const id = `tool-field-${field.name}`;
  if (field.kind === 'select')
    return <Select id={id} value={value} onChange={onChange} options={field.options} popupMatchSelectWidth={false} />;
  if (field.kind === 'textarea')
    return <Input.TextArea id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder={field.placeholder} autoSize={{ minRows: 2, maxRows: 8 }} />;
  return (
    <Input
      id={id}
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
      <Form layout="vertical" className="calculator__form" component="div" aria-label={`${tool.name}输入`}>
        {visible.map((f) => (
          <Form.Item
            key={f.name}
            label={f.label}
            htmlFor={`tool-field-${f.name}`}
            validateStatus={errors[f.name] ? 'error' : undefined}
            help={errors[f.name] ?? f.help}
            className={f.kind === 'textarea' ? 'calculator__wide' : undefined}
          >
            <FieldInput field={f} value={values[f.name] ?? ''} onChange={(v) => set(f.name, v)} />
          </Form.Item>
        ))}
      </Form>
      {hiddenErrors.map((k) => (
        <Alert key={k} type="error" showIcon title={errors[k]} />
      ))}
      {outcome.ok ? (
        <ToolResultView toolName={tool.name} result={outcome.result} inputs={inputs} />
      ) : (
        <Alert className="calculator__invalid" type="warning" showIcon title="请按提示修正输入，修正后自动显示计算结果" />
      )}
    </div>
  );
}
