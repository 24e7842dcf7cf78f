package spool

import "os"

func Prepare() error {
	// ruleid: INSECURE_PERMISSIONS
	if err := os.Mkdir("/var/spool/shop", 0o777); err != nil {
		return err
	}
	// ruleid: INSECURE_PERMISSIONS
	if err := os.Chmod("/var/spool/shop/queue", 0662); err != nil {
		return err
	}
	// ruleid: INSECURE_PERMISSIONS
	if err := os.WriteFile("/var/spool/shop/drop", []byte("{}"), 0o662); err != nil {
		return err
	}
	// ruleid: INSECURE_PERMISSIONS
	if err := os.Chmod("/var/spool/shop/drop", 0666); err != nil {
		return err
	}
	// os.Create's own mode: the umask takes the group and other write bits away.
	// ok: INSECURE_PERMISSIONS
	if err := os.WriteFile("/var/spool/shop/index.md", []byte("# Spool"), 0666); err != nil {
		return err
	}
	// ok: INSECURE_PERMISSIONS
	f, err := os.OpenFile("/var/spool/shop/queue.log", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o666)
	if err != nil {
		return err
	}
	defer f.Close()
	// ok: INSECURE_PERMISSIONS
	return os.WriteFile("/var/spool/shop/README", []byte("spool"), 0o640)
}
