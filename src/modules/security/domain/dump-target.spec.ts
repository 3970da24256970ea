import { dumpStatementProblem } from './dump-target';

/** Statements as mariadb-dump (and the Node dump of backup-files.ts) write them, restored into `wms_live`. */
const TARGET = 'wms_live';
const ok = (statement: string) => expect({ statement, problem: dumpStatementProblem(statement, TARGET) }).toEqual({ statement, problem: null });
const refused = (statement: string, why: RegExp) => expect(dumpStatementProblem(statement, TARGET)).toMatch(why);

describe('a dump restores into its target database only', () => {
  it('passes what a dump of one database contains', () => {
    ok("/*M!999999\\- enable the sandbox mode */ \n-- MariaDB dump 10.19\n--\n-- Host: 127.0.0.1    Database: wms_test\n/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */");
    ok('/*!40101 SET NAMES utf8mb4 */');
    ok('DROP TABLE IF EXISTS `inventory_event`');
    ok('CREATE TABLE `shelf` (\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `warehouse_id` int NOT NULL,\n  PRIMARY KEY (`id`),\n  CONSTRAINT `fk_shelf_warehouse` FOREIGN KEY (`warehouse_id`) REFERENCES `warehouse` (`id`) ON DELETE CASCADE\n) ENGINE=InnoDB');
    ok('LOCK TABLES `product` WRITE');
    ok('/*!40000 ALTER TABLE `product` DISABLE KEYS */');
    // what rows say is data, however it reads
    ok("INSERT INTO `product` VALUES (1,'USE other; CREATE DATABASE x','`other`.`t` -- \\\\! rm -rf /','it''s \\\\'),(2,'DROP DATABASE wms','a\\\\.b',NULL)");
    ok("INSERT INTO `cms_content` VALUES (3,'/* not a comment */ INTO OUTFILE','#hash')");
    ok('/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER `inventory_event_no_update` BEFORE UPDATE ON `inventory_event` FOR EACH ROW SIGNAL SQLSTATE \'45000\' SET MESSAGE_TEXT = \'inventory_event is append-only\' */');
    ok('CREATE TRIGGER `admin_rule_version` AFTER UPDATE ON `admin_rule` FOR EACH ROW BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END');
    ok('CREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW UPDATE b JOIN c ON b.id = c.id SET b.n = NEW.n');
    ok('USE `wms_live`');
    ok('CREATE DATABASE /*!32312 IF NOT EXISTS*/ `wms_live` /*!40100 DEFAULT CHARACTER SET utf8mb4 */');
    ok('SET FOREIGN_KEY_CHECKS=1');
  });

  it('refuses a statement that names another database', () => {
    refused('USE `other`', /another database/);
    refused('USE other', /another database/);
    refused('CREATE DATABASE /*!32312 IF NOT EXISTS*/ `other` /*!40100 DEFAULT CHARACTER SET utf8mb4 */', /creates a database \(other\)/);
    refused('DROP DATABASE `wms_live`', /drops a database/);
    refused('DROP SCHEMA IF EXISTS other', /drops a database/);
    refused('INSERT INTO `other`.`product` VALUES (1)', /another database \(other\.product\)/);
    refused('DROP TABLE IF EXISTS `other`.`product`', /other\.product/);
    refused('LOCK TABLES `product` WRITE, `other`.`admin` WRITE', /other\.admin/);
    refused('CREATE TABLE `x` LIKE `mysql`.`user`', /mysql\.user/);
    refused('/*!50003 CREATE*/ /*!50003 TRIGGER `t` BEFORE INSERT ON `other`.`t` FOR EACH ROW SET NEW.a = 1 */', /other\.t/);
    refused('CREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW INSERT INTO mysql.user VALUES (1)', /mysql\.user/);
    refused('CREATE TABLE t (a int, FOREIGN KEY (a) REFERENCES other.u (id))', /other\.u/);
    refused('/*!40101 USE other */', /another database/);
  });

  it('refuses mysql client commands and server file access', () => {
    refused('\\! rm -rf /', /client command/);
    refused('INSERT INTO t VALUES (1) \\! touch /tmp/x', /client command/);
    refused('system ls', /client command \(system\)/);
    refused('source /etc/passwd', /client command \(source\)/);
    refused('connect other', /client command \(connect\)/);
    refused("SELECT * FROM `admin` INTO OUTFILE '/tmp/x'", /files of the database server \(OUTFILE\)/);
    refused("LOAD DATA INFILE '/etc/passwd' INTO TABLE t", /INFILE/);
  });
});
