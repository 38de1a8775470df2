import { Form } from 'antd';
import { fieldErrors } from '../../../api/http';
import { useAction } from '../../../components/useAction';

/**
 * The form of a route dialog (import, start a recording): `submit` validates the fields and sends them with
 * `save`; on success the dialog closes and `onSaved` gets the answer. The server's refusals are shown on the
 * fields they name (`fields`), any other on `fallback`. `close` empties the form before `onClose`.
 */
export function useFormDialog<V extends object, R>({
  fields,
  fallback,
  save,
  onClose,
  onSaved,
}: {
  fields: readonly (keyof V & string)[];
  fallback: keyof V & string;
  save: (values: V) => Promise<R>;
  onClose: () => void;
  onSaved: (saved: R) => void;
}) {
  const [form] = Form.useForm<V>();
  const saving = useAction({
    onError: (error) => {
      const refused = fieldErrors(error);
      if (!refused) return;
      form.setFields(
        Object.entries(refused).map(([name, message]) => ({
          name: (fields.find((field) => field === name) ?? fallback) as never,
          errors: [message],
        })),
      );
    },
  });
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await saving.run(() => save(values), {
      onDone: (saved) => {
        close();
        onSaved(saved);
      },
    });
  };
  return { form, busy: saving.busy, close, submit };
}
