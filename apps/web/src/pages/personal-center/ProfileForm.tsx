import { LoadingOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, isEmail, phoneError } from '@aos/contract/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Form, Input, Spin, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../../api/auth';
import { uploadFile } from '../../api/upload';
import { getProfile, type Profile, updateProfile } from './api';
import { useSession } from '../../store/session';

const AVATAR_TYPES = ['image/jpeg', 'image/png'];

/** Spec §5 Uploads: avatar jpg/png only, up to 500 kB. Returns the message key of the problem, if any. */
export function avatarProblem(file: {
  type: string;
  size: number;
}): 'personal.avatarType' | 'personal.avatarSize' | undefined {
  if (!AVATAR_TYPES.includes(file.type)) return 'personal.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'personal.avatarSize';
  return undefined;
}

export function ProfileForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Profile>();
  const [uploading, setUploading] = useState(false);
  const profile = useQuery({ queryKey: ['profile'], queryFn: getProfile });
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    if (profile.data) form.setFieldsValue(profile.data);
  }, [profile.data, form]);

  const save = useMutation({
    mutationFn: (values: Profile) => updateProfile(values),
    onSuccess: async () => {
      message.success(t('common.updated'));
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      useSession.getState().setUserInfo(await getUserInfo());
    },
  });

  if (profile.isLoading) return <Spin />;

  return (
    <Form<Profile>
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item label={t('personal.avatar')} extra={t('personal.avatarHint')}>
        <Form.Item name="avatar" noStyle>
          <Input type="hidden" />
        </Form.Item>
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          listType="picture-circle"
          data-testid="avatar-upload"
          beforeUpload={(file) => {
            const problem = avatarProblem(file);
            if (problem) {
              message.error(t(problem));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading(true);
            try {
              const result = await uploadFile(file as File, 'avatar');
              form.setFieldValue('avatar', result.link);
              message.success(t('personal.avatarUploaded'));
              onSuccess?.(result);
            } catch (error) {
              onError?.(error as Error);
            } finally {
              setUploading(false);
            }
          }}
        >
          {avatar ? (
            <Avatar size={96} src={avatar} icon={<UserOutlined />} data-testid="avatar-image" />
          ) : (
            <div>{uploading ? <LoadingOutlined /> : <PlusOutlined />}</div>
          )}
        </Upload>
      </Form.Item>
      <Form.Item label={t('personal.account')}>
        <Input value={profile.data?.account} disabled />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('personal.name')}
        rules={[
          { required: true, whitespace: true, message: t('personal.nameRequired') },
          { max: 20, message: t('validation.textMax', { max: 20 }) },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('personal.realName')}
        rules={[{ max: 20, message: t('validation.textMax', { max: 20 }) }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('personal.phone')}
        required
        rules={[
          {
            validator: async (_, value: string | null) => {
              const problem = phoneError(value);
              if (problem) throw new Error(t(`validation.${problem}`));
            },
          },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('personal.email')}
        rules={[
          {
            validator: async (_, value: string | null) => {
              if (value && !isEmail(value)) throw new Error(t('validation.email'));
            },
          },
        ]}
      >
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}
