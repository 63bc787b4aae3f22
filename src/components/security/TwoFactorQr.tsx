import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The set-up's QR code (the otpauth:// URL), drawn by the `qrcode` package. Loaded lazily, only when a set-up
 * shows it, so the profile's first download does not carry the encoder (docs/performance.md).
 */
export default function TwoFactorQr({ url }: { url: string }) {
  const [image, setImage] = useState<{ url: string; data: string } | null>(null);
  useEffect(() => {
    let current = true;
    void toDataURL(url, { margin: 1, width: 192, errorCorrectionLevel: 'M' }).then((data) => {
      if (current) setImage({ url, data });
    });
    return () => {
      current = false;
    };
  }, [url]);
  if (image?.url !== url) return <div className="totp__qr totp__qr--empty" aria-hidden="true" />;
  return (
    <img className="totp__qr" src={image.data} width={192} height={192} alt="QR code for your authenticator app" />
  );
}
