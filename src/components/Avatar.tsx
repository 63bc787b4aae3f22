import defaultAvatar from '../assets/default-avatar.svg';

/** The user's picture, or the default user image when there is none (docs/product.md#screens). */
export function Avatar({ url, name, size = 36 }: { url: string | null; name: string; size?: number }) {
  return (
    <img
      className="avatar"
      src={url ?? defaultAvatar}
      alt={url ? `${name}'s picture` : 'Default user image'}
      width={size}
      height={size}
    />
  );
}
