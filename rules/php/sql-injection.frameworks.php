<?php
// The same report query in controllers of several PHP frameworks.

class Reports extends CI_Controller
{
    public function by_region()
    {
        $region = $this->input->get('region');
        // ruleid: SQL_INJECTION
        $this->db->query("SELECT * FROM reports WHERE region = '" . $region . "'");
        // ok: SQL_INJECTION
        $this->db->query('SELECT * FROM reports WHERE region = ?', [$region]);
    }
}

class ReportController extends BaseController
{
    public function byRegion()
    {
        $region = $this->request->getGet('region');
        $db = \Config\Database::connect();
        // ruleid: SQL_INJECTION
        return $db->query("SELECT * FROM reports WHERE region = '$region'")->getResult();
    }
}

class ReportsController extends AppController
{
    public function byRegion()
    {
        $region = $this->request->getQuery('region');
        $connection = ConnectionManager::get('default');
        // ruleid: SQL_INJECTION
        return $connection->execute("SELECT * FROM reports WHERE region = '$region'");
    }
}

class YiiReportController extends \yii\web\Controller
{
    public function actionByRegion()
    {
        $region = Yii::$app->request->get('region');
        // ruleid: SQL_INJECTION
        $rows = Yii::$app->db->createCommand("SELECT * FROM reports WHERE region = '$region'")->queryAll();
        $db = Yii::$app->db;
        // ruleid: SQL_INJECTION
        $db->createCommand('DELETE FROM report_cache WHERE region = ' . $region)->execute();
        // ok: SQL_INJECTION
        return $db->createCommand('SELECT * FROM reports WHERE region = :region', [':region' => $region])->queryAll();
    }
}

class LaminasReportController extends AbstractActionController
{
    public function byRegionAction()
    {
        $region = $this->params()->fromQuery('region');
        // ruleid: SQL_INJECTION
        return $this->adapter->query("SELECT * FROM reports WHERE region = '$region'");
    }
}
