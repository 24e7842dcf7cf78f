package vault

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/rand"
	"crypto/rsa"
	"io"
)

var staticIV = []byte("fedcba9876543210")

func TripleDES(key []byte) (cipher.Block, error) {
	// ruleid: WEAK_CRYPTO
	return des.NewTripleDESCipher(key)
}

func CFB(key, data []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(data))
	// ruleid: WEAK_CRYPTO
	cipher.NewCFBEncrypter(block, staticIV).XORKeyStream(out, data)
	return out, nil
}

func CFBRandom(key, data []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	iv := make([]byte, aes.BlockSize)
	if _, err := io.ReadFull(rand.Reader, iv); err != nil {
		return nil, err
	}
	out := make([]byte, len(data))
	// ok: WEAK_CRYPTO
	cipher.NewCFBEncrypter(block, iv).XORKeyStream(out, data)
	return append(iv, out...), nil
}

func DeviceKey() (*rsa.PrivateKey, error) {
	// ruleid: WEAK_CRYPTO
	return rsa.GenerateKey(rand.Reader, 768)
}

func ServerKey() (*rsa.PrivateKey, error) {
	// ok: WEAK_CRYPTO
	return rsa.GenerateKey(rand.Reader, 4096)
}
